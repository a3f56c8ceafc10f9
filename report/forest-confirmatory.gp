set terminal svg size 1000,922 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'forest-confirmatory.svg'
set title "Every confirmatory comparison: change against each row's reference\nHodges-Lehmann change and interval; grey: the family's margin\na cost going up is worse, throughput going up is better"
set xlabel "change against each row's reference (%)"
set ylabel ""
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set key below horizontal maxcols 3
set yrange [] reverse
set ytics nomirror font ',9' ("no-cache: atomics-only, fault-mix, tenants=8" 1, "no-cache: atomics-only, rx-mixed, tenants=1" 2, "no-cache: atomics-only, rx-mixed, tenants=16" 3, "multi-memcg: net-batch, rx-mixed, tenants=1" 4, "multi-memcg: multi-slot, rx-mixed, tenants=1" 5, "multi-memcg: net-batch, rx-mixed, tenants=16" 6, "multi-memcg: multi-slot, rx-mixed, tenants=16" 7, "split-stock: split-stock, rx-mixed, tenants=1" 8, "split-stock: split-stock, rx-mixed, tenants=16" 9, "objcg-locallock: objcg-locallock, rx-mixed, tenants=1" 10, "objcg-locallock: objcg-locallock, rx-mixed, tenants=16" 11, "slot-count: multi-slot-32-s1, rx-mixed, tenants=16 vs multi-slot-32-s7" 12, "slot-count: multi-slot-32-s2, rx-mixed, tenants=16 vs multi-slot-32-s7" 13, "slot-count: multi-slot-32-s4, rx-mixed, tenants=16 vs multi-slot-32-s7" 14, "slot-count: multi-slot-32-s16, rx-mixed, tenants=16 vs multi-slot-32-s7" 15, "slot-count: multi-slot-dynamic, rx-mixed, tenants=16 vs multi-slot-32-s7" 16, "eviction-policy: multi-slot-32-round-robin-s7, rx-mixed, tenants=16 vs multi-slot-32-s7" 17, "eviction-policy: multi-slot-32-lru-s7, rx-mixed, tenants=16 vs multi-slot-32-s7" 18, "pathology-multi-slot: multi-slot, sendfile-clients, tenants=1" 19, "pathology-multi-slot: multi-slot, sendfile-clients, tenants=4" 20, "pathology-multi-slot: multi-slot, sendfile-clients, tenants=8" 21, "pathology-net-batch: net-batch, sendfile-clients, tenants=1" 22, "pathology-net-batch: net-batch, sendfile-clients, tenants=4" 23, "pathology-net-batch: net-batch, sendfile-clients, tenants=8" 24, "pathology-no-cache: atomics-only, sendfile-clients, tenants=1" 25, "pathology-no-cache: atomics-only, sendfile-clients, tenants=4" 26, "pathology-no-cache: atomics-only, sendfile-clients, tenants=8" 27)
set yrange [27.5:0.5]
set xzeroaxis lt -1
set grid xtics
plot 'forest-confirmatory.dat' index 0 using 1:2:3:4 with xerrorbars lw 6 lc rgb '#d9d9d9' pt -1 title "margin", \
    'forest-confirmatory.dat' index 1 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#1a9850' title "better", \
    'forest-confirmatory.dat' index 2 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#91cf60' title "better within margin", \
    'forest-confirmatory.dat' index 3 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#4575b4' title "equivalent", \
    'forest-confirmatory.dat' index 4 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#fdae61' title "inconclusive", \
    'forest-confirmatory.dat' index 5 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#f46d43' title "worse within margin", \
    'forest-confirmatory.dat' index 6 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#a50026' title "worse"
set terminal pngcairo size 1000,922 noenhanced font 'sans,10' background '#ffffff'
set output 'forest-confirmatory.png'
replot
