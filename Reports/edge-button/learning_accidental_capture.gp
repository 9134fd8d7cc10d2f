# Learning curve: accidental_capture by trial in the session
# Re-run with: gnuplot learning_accidental_capture.gp   (writes learning_accidental_capture.png and learning_accidental_capture.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_accidental_capture.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Learning curve: accidental_capture by trial in the session"
set xlabel "trial in the session"
set ylabel "accidental_capture (mean)"
set xrange [0.5:12.5]
set yrange [0:1.05]
plot "learning_accidental_capture.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "edge", \
     "learning_accidental_capture.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "over-capture", \
     "learning_accidental_capture.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "inset-panel"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_accidental_capture.svg"
replot
unset output
