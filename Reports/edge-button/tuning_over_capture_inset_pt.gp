# right_first_time as over-capture.inset_pt varies
# Re-run with: gnuplot tuning_over_capture_inset_pt.gp   (writes tuning_over_capture_inset_pt.png and tuning_over_capture_inset_pt.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "tuning_over_capture_inset_pt.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Rate right_first_time by over-capture.inset_pt (filled: best and within noise of it)"
set xlabel "over-capture.inset_pt"
set ylabel "rate right_first_time"
set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
plot "tuning_over_capture_inset_pt.dat" using 1:2:3:4 with yerrorbars pointtype 6 linecolor 1 title "rate with interval", \
     "tuning_over_capture_inset_pt.dat" using 1:2 with lines linecolor 1 notitle, \
     "tuning_over_capture_inset_pt.dat" using 1:($5 > 0 ? $2 : 1/0) with points pointtype 7 pointsize 1.5 linecolor 2 title "best or within noise"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "tuning_over_capture_inset_pt.svg"
replot
unset output
