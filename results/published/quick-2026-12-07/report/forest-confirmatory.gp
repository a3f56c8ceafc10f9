set terminal svg size 1000,498 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'forest-confirmatory.svg'
set title "Every confirmatory comparison: change against baseline\nHodges-Lehmann change and its 90% interval, on which the verdict is sized against the margin (grey)\na cost going up is worse, throughput going up is better"
set xlabel "change against baseline (%)"
set ylabel ""
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
unset title
set label 1 "Every confirmatory comparison: change against baseline\nHodges-Lehmann change and its 90% interval, on which the verdict is sized against the margin (grey)\na cost going up is worse, throughput going up is better" at screen 0.5, screen 1 center front offset 0, -1
set tmargin 6
set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 3 width 2
set bmargin 9
set yrange [] reverse
set ytics nomirror font ',9' ("no-cache: atomics-only\nrx-mixed, tenants=16" 1, "multi-memcg: net-batch\nrx-mixed, tenants=16" 2, "multi-memcg: multi-slot\nrx-mixed, tenants=16" 3, "split-stock: split-stock\nkmem-mix, kmem_tenants=4" 4, "split-stock: split-stock\nrx-mixed, tenants=16" 5, "objcg-locallock: objcg-locallock\nkmem-mix, kmem_tenants=4" 6, "objcg-locallock: objcg-locallock\nrx-mixed, tenants=16" 7)
set yrange [7.5:0.5]
set xzeroaxis lt -1
set grid xtics
plot 'forest-confirmatory.dat' index 0 using 1:2:3:4 with xerrorbars lw 6 lc rgb '#d9d9d9' pt -1 title "margin", \
    'forest-confirmatory.dat' index 1 using 1:2:3:4 with xerrorbars lw 2 pt 5 ps 1.3 lc rgb '#009E73' title "equivalent", \
    'forest-confirmatory.dat' index 2 using 1:2:3:4 with xerrorbars lw 2 pt 13 ps 1.3 lc rgb '#666666' title "inconclusive", \
    'forest-confirmatory.dat' index 3 using 1:2:3:4 with xerrorbars lw 2 pt 7 ps 1.3 lc rgb '#D55E00' title "worse"
set terminal pngcairo size 1000,498 noenhanced font 'sans,10' background '#ffffff'
set output 'forest-confirmatory.png'
replot
