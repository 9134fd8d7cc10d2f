# Trials with a tap on the title, by what the person meant to do (95% intervals over participants)
# Re-run with: gnuplot title_taps.gp   (writes title_taps.png and title_taps.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "title_taps.png"
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
