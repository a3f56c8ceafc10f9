set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'preempt-rt-tcg-rt.svg'
set title "PREEMPT_RT vs not: rx-mixed throughput per variant\ntiming mode: tcg; median and order-statistic interval (coverage 99.2% at n = 8)\nrx-mixed duration_s=2 flows=1 msg_size=4096 mtu=1500 profile=0 proto=tcp stats_reader_hz=0 tenants=16 topology=lo-rps warmup_s=1"
set xlabel "variant"
set ylabel "throughput (MB/s)"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.7 border -1
set xtics rotate by -30
set yrange [0:*]
set grid noxtics
set bmargin 13
plot 'preempt-rt-tcg-rt.dat' using 2:3:4:xtic(1) title 'kconfig base', \
    '' using 5:6:7 title 'kconfig rt'
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'preempt-rt-tcg-rt.png'
replot
