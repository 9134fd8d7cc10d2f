# Effect on time_to_done_s as paint.cells varies
# Re-run with: gnuplot sensitivity_paint_cells.gp   (writes sensitivity_paint_cells.png and sensitivity_paint_cells.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "sensitivity_paint_cells.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Difference in time_to_done_s against the first strategy, by paint.cells"
set xlabel "paint.cells"
set ylabel "difference in time_to_done_s"
set xzeroaxis linetype -1
set offsets graph 0.05, graph 0.05, 0, 0
plot "sensitivity_paint_cells.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "bottom-icons vs toolbox", "sensitivity_paint_cells.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle, \
     "sensitivity_paint_cells.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "bricks vs toolbox", "sensitivity_paint_cells.dat" index 1 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 2 notitle, \
     "sensitivity_paint_cells.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "brush-row vs toolbox", "sensitivity_paint_cells.dat" index 2 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 3 notitle, \
     "sensitivity_paint_cells.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "popup vs toolbox", "sensitivity_paint_cells.dat" index 3 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 4 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "sensitivity_paint_cells.svg"
replot
unset output
