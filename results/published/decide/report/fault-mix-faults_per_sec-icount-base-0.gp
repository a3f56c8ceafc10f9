set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'fault-mix-faults_per_sec-icount-base-0.svg'
set title "fault-mix: page faults per second vs tenants\ntiming mode: icount, kconfig: base; median and order-statistic interval (coverage 93.7% at n = 5)\ncost=1 duration_s=1 profile=0 region_kb=1024 stats_reader_hz=0 warmup_s=0.5"
set xlabel "tenants"
set ylabel "page faults per second (faults/s)"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set offsets graph 0.03, graph 0.03, 0, 0
plot  'fault-mix-faults_per_sec-icount-base-0.dat' index 0 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#000000' dt 1 pt 7 title "baseline", \
     'fault-mix-faults_per_sec-icount-base-0.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#1f77b4' dt 1 pt 5 title "baseline-aa", \
     'fault-mix-faults_per_sec-icount-base-0.dat' index 2 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#ff7f0e' dt 1 pt 9 title "baseline-aa2", \
     'fault-mix-faults_per_sec-icount-base-0.dat' index 3 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#2ca02c' dt 1 pt 11 title "baseline-aa3", \
     'fault-mix-faults_per_sec-icount-base-0.dat' index 4 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#d62728' dt 1 pt 13 title "baseline-aa4", \
     'fault-mix-faults_per_sec-icount-base-0.dat' index 5 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#637939' dt 1 pt 15 title "atomics-only"
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'fault-mix-faults_per_sec-icount-base-0.png'
replot
