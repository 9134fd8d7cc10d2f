# right_first_time as hysteresis-10.hysteresis_pt varies
# Re-run with: gnuplot tuning_hysteresis_10_hysteresis_pt.gp   (writes tuning_hysteresis_10_hysteresis_pt.png and tuning_hysteresis_10_hysteresis_pt.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "tuning_hysteresis_10_hysteresis_pt.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Rate right_first_time by hysteresis-10.hysteresis_pt (filled: best and within noise of it)"
set xlabel "hysteresis-10.hysteresis_pt"
set ylabel "rate right_first_time"
set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
plot "tuning_hysteresis_10_hysteresis_pt.dat" using 1:2:3:4 with yerrorbars pointtype 6 linecolor 1 title "rate with interval", \
     "tuning_hysteresis_10_hysteresis_pt.dat" using 1:2 with lines linecolor 1 notitle, \
     "tuning_hysteresis_10_hysteresis_pt.dat" using 1:($5 > 0 ? $2 : 1/0) with points pointtype 7 pointsize 1.5 linecolor 2 title "best or within noise"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "tuning_hysteresis_10_hysteresis_pt.svg"
replot
unset output
