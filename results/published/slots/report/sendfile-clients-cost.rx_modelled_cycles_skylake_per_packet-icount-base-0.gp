set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.svg'
set title "sendfile-clients: receive-scope modelled cycles per received packet, Skylake-SP vs tenants\ntiming mode: icount, kconfig: base; median and order-statistic interval (coverage 96.8% at n = 6)\ncgroup_depth=1 cost=1 cpus=8 duration_s=1 msg_size=10240 profile=0 server_cgroup=shared warmup_s=0.5"
set xlabel "tenants"
set ylabel "receive-scope modelled cycles per received packet, Skylake-SP (cycles/packet)"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set offsets graph 0.03, graph 0.03, 0, 0
plot  'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 0 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#000000' dt 1 pt 7 title "baseline", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#1f77b4' dt 1 pt 5 title "baseline-aa", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 2 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#ff7f0e' dt 1 pt 9 title "baseline-aa2", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 3 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#2ca02c' dt 1 pt 11 title "baseline-aa3", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 4 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#d62728' dt 1 pt 13 title "baseline-aa4", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 5 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#9467bd' dt 1 pt 15 title "multi-slot-32-s1", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 6 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#8c564b' dt 1 pt 6 title "multi-slot-32-s2", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 7 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#e377c2' dt 1 pt 4 title "multi-slot-32-s4", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 8 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#7f7f7f' dt 1 pt 8 title "multi-slot-32-s7", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 9 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#bcbd22' dt 1 pt 10 title "multi-slot-32-s16", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 10 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#17becf' dt 1 pt 12 title "multi-slot-32-round-robin-s7", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 11 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#393b79' dt 1 pt 14 title "multi-slot-32-lru-s7", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.dat' index 12 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#e7ba52' dt 1 pt 7 title "multi-slot-dynamic"
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'sendfile-clients-cost.rx_modelled_cycles_skylake_per_packet-icount-base-0.png'
replot
