set terminal svg size 1000,498 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'forest-rfc3.svg'
set title "RFC 3: its confirmatory comparisons against multi-slot-32-s7\nHodges-Lehmann change and its 90% interval, on which the verdict is sized against the margin (grey)\na cost going up is worse, throughput going up is better"
set xlabel "change against multi-slot-32-s7 (%)"
set ylabel ""
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
unset title
set label 1 "RFC 3: its confirmatory comparisons against multi-slot-32-s7\nHodges-Lehmann change and its 90% interval, on which the verdict is sized against the margin (grey)\na cost going up is worse, throughput going up is better" at screen 0.5, screen 1 center front offset 0, -1
set tmargin 6
set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 3 width 2
set bmargin 9
set yrange [] reverse
set ytics nomirror font ',9' ("slot-count: multi-slot-32-s1\nrx-mixed, tenants=16 vs multi-slot-32-s7" 1, "slot-count: multi-slot-32-s2\nrx-mixed, tenants=16 vs multi-slot-32-s7" 2, "slot-count: multi-slot-32-s4\nrx-mixed, tenants=16 vs multi-slot-32-s7" 3, "slot-count: multi-slot-32-s16\nrx-mixed, tenants=16 vs multi-slot-32-s7" 4, "slot-count: multi-slot-dynamic\nrx-mixed, tenants=16 vs multi-slot-32-s7" 5, "eviction-policy: multi-slot-32-round-robin-s7\nrx-mixed, tenants=16 vs multi-slot-32-s7" 6, "eviction-policy: multi-slot-32-lru-s7\nrx-mixed, tenants=16 vs multi-slot-32-s7" 7)
set yrange [7.5:0.5]
set xzeroaxis lt -1
set grid xtics
plot 'forest-rfc3.dat' index 0 using 1:2:3:4 with xerrorbars lw 6 lc rgb '#d9d9d9' pt -1 title "margin", \
    'forest-rfc3.dat' index 1 using 1:2:3:4 with xerrorbars lw 2 pt 9 ps 1.3 lc rgb '#56B4E9' title "better within margin", \
    'forest-rfc3.dat' index 2 using 1:2:3:4 with xerrorbars lw 2 pt 5 ps 1.3 lc rgb '#009E73' title "equivalent", \
    'forest-rfc3.dat' index 3 using 1:2:3:4 with xerrorbars lw 2 pt 11 ps 1.3 lc rgb '#E69F00' title "worse within margin", \
    'forest-rfc3.dat' index 4 using 1:2:3:4 with xerrorbars lw 2 pt 6 ps 1.3 lc rgb '#D55E00' title "worse, size uncertain", \
    'forest-rfc3.dat' index 5 using 1:2:3:4 with xerrorbars lw 2 pt 7 ps 1.3 lc rgb '#D55E00' title "worse"
set terminal pngcairo size 1000,498 noenhanced font 'sans,10' background '#ffffff'
set output 'forest-rfc3.png'
replot
