set terminal svg size 1000,402 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'forest-rfc3.svg'
set title "RFC 3: its confirmatory comparisons against multi-slot-32-s7\nHodges-Lehmann change and interval; grey: the family's margin\na cost going up is worse, throughput going up is better"
set xlabel "change against multi-slot-32-s7 (%)"
set ylabel ""
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set key below horizontal maxcols 3
set yrange [] reverse
set ytics nomirror font ',9' ("slot-count: multi-slot-32-s1, rx-mixed, tenants=16 vs multi-slot-32-s7" 1, "slot-count: multi-slot-32-s2, rx-mixed, tenants=16 vs multi-slot-32-s7" 2, "slot-count: multi-slot-32-s4, rx-mixed, tenants=16 vs multi-slot-32-s7" 3, "slot-count: multi-slot-32-s16, rx-mixed, tenants=16 vs multi-slot-32-s7" 4, "slot-count: multi-slot-dynamic, rx-mixed, tenants=16 vs multi-slot-32-s7" 5, "eviction-policy: multi-slot-32-round-robin-s7, rx-mixed, tenants=16 vs multi-slot-32-s7" 6, "eviction-policy: multi-slot-32-lru-s7, rx-mixed, tenants=16 vs multi-slot-32-s7" 7)
set yrange [7.5:0.5]
set xzeroaxis lt -1
set grid xtics
plot 'forest-rfc3.dat' index 0 using 1:2:3:4 with xerrorbars lw 6 lc rgb '#d9d9d9' pt -1 title "margin", \
    'forest-rfc3.dat' index 1 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#91cf60' title "better within margin", \
    'forest-rfc3.dat' index 2 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#4575b4' title "equivalent", \
    'forest-rfc3.dat' index 3 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#f46d43' title "worse within margin", \
    'forest-rfc3.dat' index 4 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#a50026' title "worse"
set terminal pngcairo size 1000,402 noenhanced font 'sans,10' background '#ffffff'
set output 'forest-rfc3.png'
replot
