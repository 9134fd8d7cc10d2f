# Strokes per trial by task (95% intervals over participants)
# Re-run with: gnuplot strokes_by_task.gp   (writes strokes_by_task.png and strokes_by_task.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "strokes_by_task.png"
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
set title "Strokes per trial"
set xtics ("face-lighten" 0, "sky-saturate" 1)
set xrange [-0.6:1.6]
set ylabel "strokes (mean)"
set yrange [0:*]
set key outside right
plot "strokes_by_task.dat" index 0 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 1 title "toolbox", \
     "strokes_by_task.dat" index 1 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 2 title "popup", \
     "strokes_by_task.dat" index 2 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 3 title "bricks", \
     "strokes_by_task.dat" index 3 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 4 title "brush-row", \
     "strokes_by_task.dat" index 4 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 5 title "bottom-icons"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "strokes_by_task.svg"
replot
unset output
