set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'iperf3-throughput_bytes_per_sec-tcg-base-0.svg'
set title "iperf3: iperf3 throughput vs tenants\ntiming mode: tcg, kconfig: base; median and order-statistic interval (coverage 99.2% at n = 8)\nduration_s=2 msg_size=4096 mtu=1500 stats_reader_hz=0 warmup_s=2"
set xlabel "tenants"
set ylabel "iperf3 throughput (MB/s)"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set offsets graph 0.03, graph 0.03, 0, 0
plot  'iperf3-throughput_bytes_per_sec-tcg-base-0.dat' index 0 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 7 title "baseline", \
     'iperf3-throughput_bytes_per_sec-tcg-base-0.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 5 title "net-batch"
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'iperf3-throughput_bytes_per_sec-tcg-base-0.png'
replot
