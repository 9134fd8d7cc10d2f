# time_to_done_s as double-tap-zoom.window_s varies
# Re-run with: gnuplot tuning_double_tap_zoom_window_s.gp   (writes tuning_double_tap_zoom_window_s.png and tuning_double_tap_zoom_window_s.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "tuning_double_tap_zoom_window_s.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Median time_to_done_s by double-tap-zoom.window_s (filled: best and within noise of it)"
set xlabel "double-tap-zoom.window_s"
set ylabel "median time_to_done_s"
set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
plot "tuning_double_tap_zoom_window_s.dat" using 1:2:3:4 with yerrorbars pointtype 6 linecolor 1 title "median with interval", \
     "tuning_double_tap_zoom_window_s.dat" using 1:2 with lines linecolor 1 notitle, \
     "tuning_double_tap_zoom_window_s.dat" using 1:($5 > 0 ? $2 : 1/0) with points pointtype 7 pointsize 1.5 linecolor 2 title "best or within noise"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "tuning_double_tap_zoom_window_s.svg"
replot
unset output
