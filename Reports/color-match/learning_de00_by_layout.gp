# Learning over the session: final ΔE00 (mean) by trial
# Re-run with: gnuplot learning_de00_by_layout.gp   (writes learning_de00_by_layout.png and learning_de00_by_layout.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_de00_by_layout.png"
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
set title "Learning over the session: final ΔE00 (mean) by trial"
set xlabel "trial in the session"
set ylabel "final ΔE00 (mean)"
set yrange [0:*]
plot "learning_de00_by_layout.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "1-D plain", \
     "learning_de00_by_layout.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "1-D gradient", \
     "learning_de00_by_layout.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "2-D plain", \
     "learning_de00_by_layout.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "2-D gradient"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_de00_by_layout.svg"
replot
unset output
