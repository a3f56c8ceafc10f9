set terminal svg size 1000,328 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'forest-rfc2.svg'
set title "RFC 2: its confirmatory comparisons against baseline\nHodges-Lehmann change and its 90% interval, on which the verdict is sized against the margin (grey)\na cost going up is worse, throughput going up is better"
set xlabel "change against baseline (%)"
set ylabel ""
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
unset title
set label 1 "RFC 2: its confirmatory comparisons against baseline\nHodges-Lehmann change and its 90% interval, on which the verdict is sized against the margin (grey)\na cost going up is worse, throughput going up is better" at screen 0.5, screen 1 center front offset 0, -1
set tmargin 6
set key at screen 0.5, screen 0.01 center bottom horizontal maxcols 3 width 2
set bmargin 9
set yrange [] reverse
set ytics nomirror font ',9' ("multi-memcg: net-batch\nrx-mixed, tenants=16" 1, "multi-memcg: multi-slot\nrx-mixed, tenants=16" 2)
set yrange [2.5:0.5]
set xzeroaxis lt -1
set grid xtics
plot 'forest-rfc2.dat' index 0 using 1:2:3:4 with xerrorbars lw 6 lc rgb '#d9d9d9' pt -1 title "margin", \
    'forest-rfc2.dat' index 1 using 1:2:3:4 with xerrorbars lw 2 pt 5 ps 1.3 lc rgb '#009E73' title "equivalent"
set terminal pngcairo size 1000,328 noenhanced font 'sans,10' background '#ffffff'
set output 'forest-rfc2.png'
replot
