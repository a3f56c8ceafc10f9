set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'sendfile-clients-cost.modelled_cycles_skylake_per_mb-icount-cpus16-1.svg'
set title "sendfile-clients: modelled cycles per MB, all vCPUs, Skylake-SP vs tenants (cpus=16)\ntiming mode: icount, kconfig: cpus16; median and order-statistic interval (coverage 87.5% to 93.7% at n = 4 to 5)\ncgroup_depth=1 cost=1 cpus=16 duration_s=1 msg_size=10240 profile=0 server_cgroup=shared warmup_s=0.5"
set xlabel "tenants"
set ylabel "modelled cycles per MB, all vCPUs, Skylake-SP (k cycles/MB)"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set offsets graph 0.03, graph 0.03, 0, 0
plot  'sendfile-clients-cost.modelled_cycles_skylake_per_mb-icount-cpus16-1.dat' index 0 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#000000' dt 1 pt 7 title "baseline", \
     'sendfile-clients-cost.modelled_cycles_skylake_per_mb-icount-cpus16-1.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#1f77b4' dt 1 pt 5 title "baseline-aa", \
     'sendfile-clients-cost.modelled_cycles_skylake_per_mb-icount-cpus16-1.dat' index 2 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#ff7f0e' dt 1 pt 9 title "multi-slot"
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'sendfile-clients-cost.modelled_cycles_skylake_per_mb-icount-cpus16-1.png'
replot
