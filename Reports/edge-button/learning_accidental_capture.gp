# Learning curve: accidental_capture by trial in the session
# Re-run with: gnuplot learning_accidental_capture.gp   (writes learning_accidental_capture.png and learning_accidental_capture.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_accidental_capture.png"
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
set title "Learning curve: accidental_capture by trial in the session"
set xlabel "trial in the session"
set ylabel "accidental capture, rate"
set xrange [0.5:12.5]
set yrange [0:1.05]
plot "learning_accidental_capture.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "edge", \
     "learning_accidental_capture.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "over-capture", \
     "learning_accidental_capture.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "inset-panel"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_accidental_capture.svg"
replot
unset output
