set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'sendfile-clients-cost.rx_modelled_cycles_skylake_per_mb-icount-cpus16-0.svg'
set title "sendfile-clients: receive-scope modelled cycles per MB (NET_RX and NAPI), Skylake-SP vs tenants (cpus=8)\ntiming mode: icount, kconfig: cpus16; median and order-statistic interval (coverage 93.7% at n = 5)\ncgroup_depth=1 cost=1 cpus=8 duration_s=1 msg_size=10240 profile=0 server_cgroup=shared warmup_s=0.5"
set xlabel "tenants"
set ylabel "receive-scope modelled cycles per MB (NET_RX and NAPI), Skylake-SP (k cycles/MB)"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set offsets graph 0.03, graph 0.03, 0, 0
plot  'sendfile-clients-cost.rx_modelled_cycles_skylake_per_mb-icount-cpus16-0.dat' index 0 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#000000' dt 1 pt 7 title "baseline", \
     'sendfile-clients-cost.rx_modelled_cycles_skylake_per_mb-icount-cpus16-0.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#ff7f0e' dt 1 pt 5 title "multi-slot"
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'sendfile-clients-cost.rx_modelled_cycles_skylake_per_mb-icount-cpus16-0.png'
replot
