# Effect on time_to_done_s as paint.brush_to_region varies
# Re-run with: gnuplot sensitivity_paint_brush_to_region.gp   (writes sensitivity_paint_brush_to_region.png and sensitivity_paint_brush_to_region.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "sensitivity_paint_brush_to_region.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Difference in time_to_done_s against the first strategy, by paint.brush_to_region"
set xlabel "paint.brush_to_region"
set ylabel "difference in time_to_done_s"
set xzeroaxis linetype -1
set offsets graph 0.05, graph 0.05, 0, 0
plot "sensitivity_paint_brush_to_region.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "bottom-icons vs toolbox", "sensitivity_paint_brush_to_region.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle, \
     "sensitivity_paint_brush_to_region.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "bricks vs toolbox", "sensitivity_paint_brush_to_region.dat" index 1 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 2 notitle, \
     "sensitivity_paint_brush_to_region.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "brush-row vs toolbox", "sensitivity_paint_brush_to_region.dat" index 2 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 3 notitle, \
     "sensitivity_paint_brush_to_region.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "popup vs toolbox", "sensitivity_paint_brush_to_region.dat" index 3 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 4 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "sensitivity_paint_brush_to_region.svg"
replot
unset output
