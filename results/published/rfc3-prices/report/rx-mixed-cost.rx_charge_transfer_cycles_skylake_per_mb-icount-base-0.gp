set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'rx-mixed-cost.rx_charge_transfer_cycles_skylake_per_mb-icount-base-0.svg'
set title "rx-mixed: line transfers' part of the charge path's receive cycles per MB, Skylake-SP vs tenants\ntiming mode: icount, kconfig: base; median and order-statistic interval (coverage 93.7% at n = 5)\ncost=1 duration_s=2 flows=1 msg_size=4096 mtu=1500 pin_receivers=1 profile=0 proto=tcp stats_reader_hz=0 topology=lo-rps warmup_s=1"
set xlabel "tenants"
set ylabel "line transfers' part of the charge path's receive cycles per MB, Skylake-SP (cycles/MB)"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set offsets graph 0.03, graph 0.03, 0, 0
plot  'rx-mixed-cost.rx_charge_transfer_cycles_skylake_per_mb-icount-base-0.dat' index 0 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#ff7f0e' dt 1 pt 7 title "multi-slot-32-s1", \
     'rx-mixed-cost.rx_charge_transfer_cycles_skylake_per_mb-icount-base-0.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#2ca02c' dt 1 pt 5 title "multi-slot-32-s2", \
     'rx-mixed-cost.rx_charge_transfer_cycles_skylake_per_mb-icount-base-0.dat' index 2 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#d62728' dt 1 pt 9 title "multi-slot-32-s4", \
     'rx-mixed-cost.rx_charge_transfer_cycles_skylake_per_mb-icount-base-0.dat' index 3 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#9467bd' dt 1 pt 11 title "multi-slot-32-s7", \
     'rx-mixed-cost.rx_charge_transfer_cycles_skylake_per_mb-icount-base-0.dat' index 4 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#8c564b' dt 1 pt 13 title "multi-slot-32-s16", \
     'rx-mixed-cost.rx_charge_transfer_cycles_skylake_per_mb-icount-base-0.dat' index 5 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#e377c2' dt 1 pt 15 title "multi-slot-32-round-robin-s7", \
     'rx-mixed-cost.rx_charge_transfer_cycles_skylake_per_mb-icount-base-0.dat' index 6 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#7f7f7f' dt 1 pt 6 title "multi-slot-32-lru-s7", \
     'rx-mixed-cost.rx_charge_transfer_cycles_skylake_per_mb-icount-base-0.dat' index 7 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#bcbd22' dt 1 pt 4 title "multi-slot-dynamic"
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'rx-mixed-cost.rx_charge_transfer_cycles_skylake_per_mb-icount-base-0.png'
replot
