set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'rx-mixed-net_rx_thread_ns_per_mb-tcg-base-1.svg'
set title "rx-mixed: NAPI-thread CPU time per MB (backlog_napi, napi/*) vs tenants (tcg)\ntiming mode: tcg, kconfig: base; median and order-statistic interval (coverage 93.7% at n = 5)\nduration_s=2 flows=1 msg_size=4096 mtu=1500 pin_receivers=1 profile=0 proto=tcp stats_reader_hz=0 topology=lo-rps warmup_s=1"
set xlabel "tenants"
set ylabel "NAPI-thread CPU time per MB (backlog_napi, napi/*) (us/MB)"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set offsets graph 0.03, graph 0.03, 0, 0
plot  'rx-mixed-net_rx_thread_ns_per_mb-tcg-base-1.dat' index 0 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#000000' dt 1 pt 7 title "baseline", \
     'rx-mixed-net_rx_thread_ns_per_mb-tcg-base-1.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#9467bd' dt 1 pt 5 title "atomics-only"
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'rx-mixed-net_rx_thread_ns_per_mb-tcg-base-1.png'
replot
