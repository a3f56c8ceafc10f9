set terminal svg size 1000,870 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'forest-confirmatory.svg'
set title "Every confirmatory comparison: change against baseline\nHodges-Lehmann change and interval; grey: the family's margin\na cost going up is worse, throughput going up is better"
set xlabel "change against baseline (%)"
set ylabel ""
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set key below horizontal maxcols 3
set yrange [] reverse
set ytics nomirror font ',9' ("no-cache: atomics-only, fault-mix, tenants=8" 1, "no-cache: atomics-only, rx-mixed, tenants=1" 2, "no-cache: atomics-only, rx-mixed, tenants=16" 3, "multi-memcg: net-batch, rx-mixed, tenants=1" 4, "multi-memcg: multi-slot, rx-mixed, tenants=1" 5, "multi-memcg: net-batch, rx-mixed, tenants=16" 6, "multi-memcg: multi-slot, rx-mixed, tenants=16" 7, "slots: multi-slot-s1, rx-mixed, tenants=16" 8, "slots: multi-slot-s2, rx-mixed, tenants=16" 9, "slots: multi-slot-s4, rx-mixed, tenants=16" 10, "split-stock: split-stock, kmem-mix, kmem_tenants=4" 11, "split-stock: split-stock, rx-mixed, tenants=1" 12, "split-stock: split-stock, rx-mixed, tenants=16" 13, "objcg-locallock: objcg-locallock, kmem-mix, kmem_tenants=4" 14, "objcg-locallock: objcg-locallock, rx-mixed, tenants=1" 15, "objcg-locallock: objcg-locallock, rx-mixed, tenants=16" 16, "pathology-multi-slot: multi-slot, sendfile-clients, tenants=1" 17, "pathology-multi-slot: multi-slot, sendfile-clients, tenants=4" 18, "pathology-multi-slot: multi-slot, sendfile-clients, tenants=8" 19, "pathology-net-batch: net-batch, sendfile-clients, tenants=1" 20, "pathology-net-batch: net-batch, sendfile-clients, tenants=4" 21, "pathology-net-batch: net-batch, sendfile-clients, tenants=8" 22, "pathology-no-cache: atomics-only, sendfile-clients, tenants=1" 23, "pathology-no-cache: atomics-only, sendfile-clients, tenants=4" 24, "pathology-no-cache: atomics-only, sendfile-clients, tenants=8" 25)
set yrange [25.5:0.5]
set xzeroaxis lt -1
set grid xtics
plot 'forest-confirmatory.dat' index 0 using 1:2:3:4 with xerrorbars lw 6 lc rgb '#d9d9d9' pt -1 title "margin", \
    'forest-confirmatory.dat' index 1 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#1a9850' title "better", \
    'forest-confirmatory.dat' index 2 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#4575b4' title "equivalent", \
    'forest-confirmatory.dat' index 3 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#fdae61' title "inconclusive", \
    'forest-confirmatory.dat' index 4 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#a50026' title "worse"
set terminal pngcairo size 1000,870 noenhanced font 'sans,10' background '#ffffff'
set output 'forest-confirmatory.png'
replot
