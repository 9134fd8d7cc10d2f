# Reached the goal look (95% participant-bootstrap intervals)
# Re-run with: gnuplot reached_rate.gp   (writes reached_rate.png and reached_rate.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "reached_rate.png"
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
set title "Reached the goal look"
set ylabel "reached rate"
set yrange [0:1.05]
set xrange [-0.6:5.6]
set xtics rotate by -25 left ("six-sliders" 0, "histogram-touch" 1, "histogram-bottom" 2, "exposure-control" 3, "crammed-control" 4, "on-image" 5)
plot "reached_rate.dat" every ::0::0 using 1:2:3:4 with yerrorbars pointtype 7 pointsize 1.3 title "ipad-pro-12.9-landscape", \
     "reached_rate.dat" every ::1::1 using 1:2:3:4 with yerrorbars pointtype 7 pointsize 1.3 title "iphone-15-portrait"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "reached_rate.svg"
replot
unset output
