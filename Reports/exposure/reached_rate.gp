# Reached the goal look (95% participant-bootstrap intervals)
# Re-run with: gnuplot reached_rate.gp   (writes reached_rate.png and reached_rate.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "reached_rate.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Reached the goal look"
set ylabel "reached rate"
set yrange [0:1.05]
set xrange [-0.6:5.6]
set xtics ("six-sliders" 0, "histogram-touch" 1, "histogram-bottom" 2, "exposure-control" 3, "crammed-control" 4, "on-image" 5)
plot "reached_rate.dat" every ::0::0 using 1:2:3:4 with yerrorbars pointtype 7 pointsize 1.3 title "ipad-pro-12.9-landscape", \
     "reached_rate.dat" every ::1::1 using 1:2:3:4 with yerrorbars pointtype 7 pointsize 1.3 title "iphone-15-portrait"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "reached_rate.svg"
replot
unset output
