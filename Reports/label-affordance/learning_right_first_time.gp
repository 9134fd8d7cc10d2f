# Learning curve: right_first_time by trial in the session
# Re-run with: gnuplot learning_right_first_time.gp   (writes learning_right_first_time.png and learning_right_first_time.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_right_first_time.png"
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
set title "Learning curve: right_first_time by trial in the session"
set xlabel "trial in the session"
set ylabel "right first time, rate"
set xrange [0.5:6.5]
set yrange [0:1.05]
plot "learning_right_first_time.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "button-like-title", \
     "learning_right_first_time.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "plain-title"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_right_first_time.svg"
replot
unset output
