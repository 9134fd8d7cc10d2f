# Landing rate of first-throw flicks by measured release speed
# Re-run with: gnuplot release_speed.gp   (writes release_speed.png and release_speed.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "release_speed.png"
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
set title "Flicks: landing in the intended corner by release speed"
set xlabel "release speed measured by the PIP (pt/s)"
set ylabel "landing rate"
set xrange [0:6000.0]
set yrange [0:1.05]
plot "release_speed.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "nearest-corner", "release_speed.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle, \
     "release_speed.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "nearest-corner-ignore", "release_speed.dat" index 1 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 2 notitle, \
     "release_speed.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "projected-momentum", "release_speed.dat" index 2 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 3 notitle, \
     "release_speed.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "projected-momentum-last-two", "release_speed.dat" index 3 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 4 notitle, \
     "release_speed.dat" index 4 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 5 title "projected-momentum-ignore", "release_speed.dat" index 4 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 5 notitle, \
     "release_speed.dat" index 5 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 6 title "projected-momentum-fast", "release_speed.dat" index 5 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 6 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "release_speed.svg"
replot
unset output
