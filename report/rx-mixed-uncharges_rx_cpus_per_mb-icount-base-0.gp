set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.svg'
set title "rx-mixed: page-counter uncharges per MB on the receive CPUs vs tenants\ntiming mode: icount, kconfig: base; median and order-statistic interval (coverage 93.7% to 97.8% at n = 5 to 10)\ncost=1 duration_s=2 flows=1 msg_size=4096 mtu=1500 pin_receivers=1 profile=0 proto=tcp stats_reader_hz=0 topology=lo-rps warmup_s=1"
set xlabel "tenants"
set ylabel "page-counter uncharges per MB on the receive CPUs (uncharges/MB), log scale"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set logscale y
set offsets graph 0.03, graph 0.03, 0, 0
plot  'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 0 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#000000' dt 1 pt 7 title "baseline", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#1f77b4' dt 1 pt 5 title "baseline-aa", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 2 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#2ca02c' dt 1 pt 9 title "baseline-aa2", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 3 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#d62728' dt 1 pt 11 title "baseline-aa3", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 4 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#9467bd' dt 1 pt 13 title "baseline-aa4", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 5 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#8c564b' dt 1 pt 15 title "multi-slot-32-s1", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 6 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#e377c2' dt 1 pt 6 title "multi-slot-32-s2", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 7 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#7f7f7f' dt 1 pt 4 title "multi-slot-32-s4", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 8 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#bcbd22' dt 1 pt 8 title "multi-slot-32-s7", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 9 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#17becf' dt 1 pt 10 title "multi-slot-32-s16", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 10 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#393b79' dt 1 pt 12 title "net-batch", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 11 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#e7ba52' dt 1 pt 14 title "multi-slot", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 12 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#637939' dt 1 pt 7 title "split-stock", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 13 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#ad494a' dt 1 pt 5 title "atomics-only", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 14 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#7b4173' dt 1 pt 9 title "objcg-locallock", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 15 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#000000' dt 1 pt 11 title "multi-slot-32-round-robin-s7", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 16 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#1f77b4' dt 1 pt 13 title "multi-slot-32-lru-s7", \
     'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.dat' index 17 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#ff7f0e' dt 1 pt 15 title "multi-slot-dynamic"
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'rx-mixed-uncharges_rx_cpus_per_mb-icount-base-0.png'
replot
