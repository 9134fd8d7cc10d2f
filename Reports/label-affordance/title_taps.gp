# Trials with a tap on the title, by what the person meant to do (95% intervals over participants)
# Re-run with: gnuplot title_taps.gp   (writes title_taps.png and title_taps.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "title_taps.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Taps on the title Authorization"
set ylabel "share of trials"
set yrange [0:*]
set xrange [-0.6:2.6]
set xtics ("log-in" 0, "cancel" 1, "forgot-password" 2)
plot "title_taps.dat" every 2::0 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 1 title "button-like-title", \
     "title_taps.dat" every 2::1 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 2 title "plain-title"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "title_taps.svg"
replot
unset output
