set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'kmem-mix-ops_per_sec-icount-base-0.svg'
set title "kmem-mix: accounted kernel-allocation ops per second vs kmem_tenants\ntiming mode: icount, kconfig: base; median and order-statistic interval (coverage 93.7% at n = 5)\ncost=1 duration_s=1 kmem_fifo=1 profile=0 rx_tenants=4 stats_reader_hz=0 warmup_s=0.5"
set xlabel "kmem_tenants"
set ylabel "accounted kernel-allocation ops per second (ops/s)"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set offsets graph 0.03, graph 0.03, 0, 0
plot  'kmem-mix-ops_per_sec-icount-base-0.dat' index 0 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#000000' dt 1 pt 7 title "baseline", \
     'kmem-mix-ops_per_sec-icount-base-0.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#1f77b4' dt 1 pt 5 title "baseline-aa", \
     'kmem-mix-ops_per_sec-icount-base-0.dat' index 2 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#d62728' dt 1 pt 9 title "split-stock", \
     'kmem-mix-ops_per_sec-icount-base-0.dat' index 3 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#8c564b' dt 1 pt 11 title "objcg-locallock"
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'kmem-mix-ops_per_sec-icount-base-0.png'
replot
