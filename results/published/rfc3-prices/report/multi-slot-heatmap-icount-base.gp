set terminal svg size 1000,600 dynamic noenhanced font 'sans,12' background '#ffffff'
set output 'multi-slot-heatmap-icount-base.svg'
set title "multi-slot: throughput by slot count and eviction policy\ntiming mode: icount, kconfig: base; median MB/s\nrx-mixed cost=1 duration_s=2 flows=1 msg_size=4096 mtu=1500 pin_receivers=1 profile=0 proto=tcp stats_reader_hz=0 tenants=16 topology=lo-rps warmup_s=1"
set xlabel "slots per CPU in use (Kconfig or memcontrol.stock_slots)"
set ylabel "eviction policy"
set grid
set key below horizontal noenhanced spacing 1.1
set bmargin 9
set xrange [-0.5:4.5]
set yrange [-0.5:2.5]
set xtics ("1" 0, "2" 1, "4" 2, "7" 3, "16" 4)
set ytics ("lru" 0, "random" 1, "round-robin" 2)
set grid noxtics noytics
set cblabel "throughput (MB/s)"
set palette defined (0 '#f7fbff', 1 '#6baed6', 2 '#08306b')
plot 'multi-slot-heatmap-icount-base.dat' using 1:2:(0.5):(0.5):3 with boxxyerror fs solid lc palette notitle, \
    '' using 1:2:4 with labels tc rgb '#d62728' font ',13' notitle
set terminal pngcairo size 1000,600 noenhanced font 'sans,10' background '#ffffff'
set output 'multi-slot-heatmap-icount-base.png'
replot
