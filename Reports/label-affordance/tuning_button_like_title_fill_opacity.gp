# label_tapped as button-like-title.fill_opacity varies
# Re-run with: gnuplot tuning_button_like_title_fill_opacity.gp   (writes tuning_button_like_title_fill_opacity.png and tuning_button_like_title_fill_opacity.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "tuning_button_like_title_fill_opacity.png"
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
set title "Rate label_tapped by button-like-title.fill_opacity (filled: best and within noise of it)"
set xlabel "button-like-title.fill_opacity"
set ylabel "rate label tapped"
set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
plot "tuning_button_like_title_fill_opacity.dat" using 1:2:3:4 with yerrorbars pointtype 6 linecolor 1 title "rate with interval", \
     "tuning_button_like_title_fill_opacity.dat" using 1:2 with lines linecolor 1 notitle, \
     "tuning_button_like_title_fill_opacity.dat" using 1:($5 > 0 ? $2 : 1/0) with points pointtype 7 pointsize 1.5 linecolor 2 title "best or within noise"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "tuning_button_like_title_fill_opacity.svg"
replot
unset output
