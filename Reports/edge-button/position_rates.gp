# Photos taken by mistake on the first touch, by position of the control (95% intervals over participants)
# Re-run with: gnuplot position_rates.gp   (writes position_rates.png and position_rates.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "position_rates.png"
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
set title "Photos taken by mistake, by position"
set ylabel "rate of first touches"
set yrange [0:*]
set xrange [-0.6:2.6]
set xtics ("bottom-left" 0, "bottom-centre" 1, "top-right" 2)
plot "position_rates.dat" every 3::0 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 1 title "edge", \
     "position_rates.dat" every 3::1 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 2 title "over-capture", \
     "position_rates.dat" every 3::2 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 3 title "inset-panel"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "position_rates.svg"
replot
unset output
