set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.svg'
set title "rx-mixed: NET_RX softirq time per MB vs tenants (kconfig base, proto=tcp, topology=lo-rps)\ntiming mode: tcg, kconfig: base; median and order-statistic interval (coverage 99.2% at n = 8)\nduration_s=2 flows=1 msg_size=4096 mtu=1500 profile=0 proto=tcp stats_reader_hz=0 topology=lo-rps warmup_s=1"
set xlabel "tenants"
set ylabel "NET_RX softirq time per MB (us/MB)"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set offsets graph 0.03, graph 0.03, 0, 0
plot  'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 0 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 7 title "baseline", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 5 title "baseline-aa", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 2 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 9 title "nosocket", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 3 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 11 title "multi-slot-32-s1", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 4 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 13 title "multi-slot-32-s4", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 5 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 15 title "multi-slot-32-s16", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 6 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 6 title "multi-slot-32-s32", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 7 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 4 title "net-batch", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 8 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 8 title "multi-slot", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 9 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 10 title "split-stock", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 10 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 12 title "atomics-only", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 11 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 14 title "objcg-locallock", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 12 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 7 title "multi-slot-32-round-robin-s1", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 13 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 5 title "multi-slot-32-round-robin-s4", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 14 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 9 title "multi-slot-32-round-robin-s16", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 15 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 11 title "multi-slot-32-round-robin-s32", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 16 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 13 title "multi-slot-32-lru-s1", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 17 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 15 title "multi-slot-32-lru-s4", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 18 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 6 title "multi-slot-32-lru-s16", \
     'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.dat' index 19 using 1:2:3:4 with yerrorlines lw 2 dt 1 pt 4 title "multi-slot-32-lru-s32"
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'rx-mixed-net_rx_softirq_ns_per_mb-tcg-base-0.png'
replot
