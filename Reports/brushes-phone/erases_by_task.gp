# Erasing strokes per trial by task (95% intervals over participants)
# Re-run with: gnuplot erases_by_task.gp   (writes erases_by_task.png and erases_by_task.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "erases_by_task.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Erasing strokes per trial"
set xtics ("face-lighten" 0, "sky-saturate" 1)
set xrange [-0.6:1.6]
set ylabel "erases (mean)"
set yrange [0:*]
set key outside right
plot "erases_by_task.dat" index 0 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 1 title "toolbox", \
     "erases_by_task.dat" index 1 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 2 title "popup", \
     "erases_by_task.dat" index 2 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 3 title "bricks", \
     "erases_by_task.dat" index 3 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 4 title "brush-row", \
     "erases_by_task.dat" index 4 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 5 title "bottom-icons"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "erases_by_task.svg"
replot
unset output
