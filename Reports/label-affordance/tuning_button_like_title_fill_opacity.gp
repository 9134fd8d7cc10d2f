# label_tapped as button-like-title.fill_opacity varies
# Re-run with: gnuplot tuning_button_like_title_fill_opacity.gp   (writes tuning_button_like_title_fill_opacity.png and tuning_button_like_title_fill_opacity.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "tuning_button_like_title_fill_opacity.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Rate label_tapped by button-like-title.fill_opacity (filled: best and within noise of it)"
set xlabel "button-like-title.fill_opacity"
set ylabel "rate label_tapped"
set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
plot "tuning_button_like_title_fill_opacity.dat" using 1:2:3:4 with yerrorbars pointtype 6 linecolor 1 title "rate with interval", \
     "tuning_button_like_title_fill_opacity.dat" using 1:2 with lines linecolor 1 notitle, \
     "tuning_button_like_title_fill_opacity.dat" using 1:($5 > 0 ? $2 : 1/0) with points pointtype 7 pointsize 1.5 linecolor 2 title "best or within noise"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "tuning_button_like_title_fill_opacity.svg"
replot
unset output
