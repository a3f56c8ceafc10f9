set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'calibration-pathology.svg'
set title "multi-slot over baseline: modelled receive gain against upstream f735eebe55f8\ntiming mode: icount; cost.rx_modelled_cycles_skylake_per_mb, Hodges-Lehmann bars\nupstream: 72 CPUs, published throughput with / without - 1"
set xlabel "clients per CPU"
set ylabel "throughput gain over baseline (%)"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set xzeroaxis lt -1
set offsets graph 0.03, graph 0.03, 0, 0
plot 'calibration-pathology.dat' index 1 using 1:2:3:4 with yerrorlines lw 2 lc rgb '#1f77b4' pt 7 title "multi-slot, this matrix (1 / cost ratio - 1)", \
    'calibration-pathology.dat' index 2 using 1:2 with linespoints lw 1 dt 3 lc rgb '#7f7f7f' pt 6 title "ceiling: baseline / nosocket - 1", \
    'calibration-pathology.dat' index 3 using 1:2 with linespoints lw 1 dt 4 lc rgb '#2ca02c' pt 9 title "multi-slot, contention projection at 72 CPUs (queue on one line)", \
    'calibration-pathology.dat' index 0 using 1:2 with linespoints lw 2 dt 2 lc rgb '#d62728' pt 5 title "upstream f735eebe55f8 (72 CPUs)"
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'calibration-pathology.png'
replot
