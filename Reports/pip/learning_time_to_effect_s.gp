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
plot "learning_time_to_effect_s.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "nearest-corner", \
     "learning_time_to_effect_s.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "nearest-corner-ignore", \
     "learning_time_to_effect_s.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "projected-momentum", \
     "learning_time_to_effect_s.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "projected-momentum-last-two", \
     "learning_time_to_effect_s.dat" index 4 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 5 title "projected-momentum-ignore", \
     "learning_time_to_effect_s.dat" index 5 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 6 title "projected-momentum-fast"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_time_to_effect_s.svg"
replot
unset output
