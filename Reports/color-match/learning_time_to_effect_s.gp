# Learning curve: time_to_effect_s by trial in the session
# Re-run with: gnuplot learning_time_to_effect_s.gp   (writes learning_time_to_effect_s.png and learning_time_to_effect_s.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_time_to_effect_s.png"
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
set title "Learning curve: time_to_effect_s by trial in the session"
set xlabel "trial in the session"
set ylabel "time to effect (s), median"
set xrange [0.5:12.5]
set yrange [0:*]
plot "learning_time_to_effect_s.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "rgb-1d-plain", \
     "learning_time_to_effect_s.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "rgb-1d-gradient", \
     "learning_time_to_effect_s.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "rgb-2d-plain", \
     "learning_time_to_effect_s.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "rgb-2d-gradient", \
     "learning_time_to_effect_s.dat" index 4 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 5 title "hsv-1d-plain", \
     "learning_time_to_effect_s.dat" index 5 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 6 title "hsv-1d-gradient", \
     "learning_time_to_effect_s.dat" index 6 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 7 title "hsv-2d-plain", \
     "learning_time_to_effect_s.dat" index 7 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 8 title "hsv-2d-gradient", \
     "learning_time_to_effect_s.dat" index 8 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 9 title "lab-1d-plain", \
     "learning_time_to_effect_s.dat" index 9 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 10 title "lab-1d-gradient", \
     "learning_time_to_effect_s.dat" index 10 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 11 title "lab-2d-plain", \
     "learning_time_to_effect_s.dat" index 11 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 12 title "lab-2d-gradient", \
     "learning_time_to_effect_s.dat" index 12 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 13 title "yiq-1d-plain", \
     "learning_time_to_effect_s.dat" index 13 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 14 title "yiq-1d-gradient", \
     "learning_time_to_effect_s.dat" index 14 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 15 title "yiq-2d-plain", \
     "learning_time_to_effect_s.dat" index 15 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 16 title "yiq-2d-gradient", \
     "learning_time_to_effect_s.dat" index 16 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 17 title "opponent-1d-plain", \
     "learning_time_to_effect_s.dat" index 17 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 18 title "opponent-1d-gradient", \
     "learning_time_to_effect_s.dat" index 18 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 19 title "opponent-2d-plain", \
     "learning_time_to_effect_s.dat" index 19 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 20 title "opponent-2d-gradient"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_time_to_effect_s.svg"
replot
unset output
