# time_to_done_s as popup.soft_strength varies
# Re-run with: gnuplot tuning_popup_soft_strength.gp   (writes tuning_popup_soft_strength.png and tuning_popup_soft_strength.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "tuning_popup_soft_strength.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Median time_to_done_s by popup.soft_strength (filled: best and within noise of it)"
set xlabel "popup.soft_strength"
set ylabel "median time_to_done_s"
set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
plot "tuning_popup_soft_strength.dat" using 1:2:3:4 with yerrorbars pointtype 6 linecolor 1 title "median with interval", \
     "tuning_popup_soft_strength.dat" using 1:2 with lines linecolor 1 notitle, \
     "tuning_popup_soft_strength.dat" using 1:($5 > 0 ? $2 : 1/0) with points pointtype 7 pointsize 1.5 linecolor 2 title "best or within noise"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "tuning_popup_soft_strength.svg"
replot
unset output
