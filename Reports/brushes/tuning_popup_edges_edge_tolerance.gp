# time_to_done_s as popup-edges.edge_tolerance varies
# Re-run with: gnuplot tuning_popup_edges_edge_tolerance.gp   (writes tuning_popup_edges_edge_tolerance.png and tuning_popup_edges_edge_tolerance.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "tuning_popup_edges_edge_tolerance.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Median time_to_done_s by popup-edges.edge_tolerance (filled: best and within noise of it)"
set xlabel "popup-edges.edge_tolerance"
set ylabel "median time_to_done_s"
set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
plot "tuning_popup_edges_edge_tolerance.dat" using 1:2:3:4 with yerrorbars pointtype 6 linecolor 1 title "median with interval", \
     "tuning_popup_edges_edge_tolerance.dat" using 1:2 with lines linecolor 1 notitle, \
     "tuning_popup_edges_edge_tolerance.dat" using 1:($5 > 0 ? $2 : 1/0) with points pointtype 7 pointsize 1.5 linecolor 2 title "best or within noise"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "tuning_popup_edges_edge_tolerance.svg"
replot
unset output
