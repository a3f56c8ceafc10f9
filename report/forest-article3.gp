set terminal svg size 1000,272 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'forest-article3.svg'
set title "Article 3: its confirmatory comparisons against baseline\nHodges-Lehmann change and interval; grey: the family's margin\na cost going up is worse, throughput going up is better"
set xlabel "change against baseline (%)"
set ylabel ""
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set key below horizontal maxcols 3
set yrange [] reverse
set ytics nomirror font ',9' ("objcg-locallock: objcg-locallock, rx-mixed, tenants=1" 1, "objcg-locallock: objcg-locallock, rx-mixed, tenants=16" 2)
set yrange [2.5:0.5]
set xzeroaxis lt -1
set grid xtics
plot 'forest-article3.dat' index 0 using 1:2:3:4 with xerrorbars lw 6 lc rgb '#d9d9d9' pt -1 title "margin", \
    'forest-article3.dat' index 1 using 1:2:3:4 with xerrorbars lw 2 pt 7 lc rgb '#4575b4' title "equivalent"
set terminal pngcairo size 1000,272 noenhanced font 'sans,10' background '#ffffff'
set output 'forest-article3.png'
replot
