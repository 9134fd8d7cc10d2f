# False pauses by the crawl speed of a hesitation (95% intervals over participants; bins of at least 5 trials)
# Re-run with: gnuplot false_by_crawl.gp   (writes false_by_crawl.png and false_by_crawl.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "false_by_crawl.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
# Okabe–Ito colours, distinguishable with every common colour-vision deficiency
set linetype 1 linecolor rgb "#0072B2"
set linetype 2 linecolor rgb "#D55E00"
set linetype 3 linecolor rgb "#009E73"
set linetype 4 linecolor rgb "#CC79A7"
set linetype 5 linecolor rgb "#E69F00"
set linetype 6 linecolor rgb "#56B4E9"
set linetype 7 linecolor rgb "#000000"
set linetype 8 linecolor rgb "#F0E442"
set linetype cycle 8
set title "False pauses by the crawl speed of a hesitation"
set xlabel "crawl speed (pt/s)"
set ylabel "rate"
set yrange [0:1.05]
set xrange [0:400.0]
plot "false_by_crawl.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "pause-timer", "false_by_crawl.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle, \
     "false_by_crawl.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "pause-acceleration", "false_by_crawl.dat" index 1 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 2 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "false_by_crawl.svg"
replot
unset output
