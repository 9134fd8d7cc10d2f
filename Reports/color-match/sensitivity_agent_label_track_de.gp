# Effect on time_to_done_s as agent.label_track_de varies
# Re-run with: gnuplot sensitivity_agent_label_track_de.gp   (writes sensitivity_agent_label_track_de.png and sensitivity_agent_label_track_de.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "sensitivity_agent_label_track_de.png"
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
set title "Difference in time_to_done_s against the first strategy, by agent.label_track_de"
set xlabel "how far (CIELAB units) a person believes a whole track moves the colour in the direction its label names, before trying it"
set ylabel "difference in time to done (s)"
set xzeroaxis linetype -1
set offsets graph 0.05, graph 0.05, 0, 0
plot "sensitivity_agent_label_track_de.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "hsv-1d-gradient vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle, \
     "sensitivity_agent_label_track_de.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "hsv-1d-plain vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 1 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 2 notitle, \
     "sensitivity_agent_label_track_de.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "hsv-2d-gradient vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 2 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 3 notitle, \
     "sensitivity_agent_label_track_de.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "hsv-2d-plain vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 3 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 4 notitle, \
     "sensitivity_agent_label_track_de.dat" index 4 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 5 title "lab-1d-gradient vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 4 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 5 notitle, \
     "sensitivity_agent_label_track_de.dat" index 5 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 6 title "lab-1d-plain vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 5 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 6 notitle, \
     "sensitivity_agent_label_track_de.dat" index 6 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 7 title "lab-2d-gradient vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 6 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 7 notitle, \
     "sensitivity_agent_label_track_de.dat" index 7 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 8 title "lab-2d-plain vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 7 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 8 notitle, \
     "sensitivity_agent_label_track_de.dat" index 8 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 9 title "opponent-1d-gradient vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 8 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 9 notitle, \
     "sensitivity_agent_label_track_de.dat" index 9 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 10 title "opponent-1d-plain vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 9 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 10 notitle, \
     "sensitivity_agent_label_track_de.dat" index 10 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 11 title "opponent-2d-gradient vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 10 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 11 notitle, \
     "sensitivity_agent_label_track_de.dat" index 11 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 12 title "opponent-2d-plain vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 11 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 12 notitle, \
     "sensitivity_agent_label_track_de.dat" index 12 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 13 title "rgb-1d-gradient vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 12 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 13 notitle, \
     "sensitivity_agent_label_track_de.dat" index 13 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 14 title "rgb-2d-gradient vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 13 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 14 notitle, \
     "sensitivity_agent_label_track_de.dat" index 14 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 15 title "rgb-2d-plain vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 14 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 15 notitle, \
     "sensitivity_agent_label_track_de.dat" index 15 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 16 title "yiq-1d-gradient vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 15 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 16 notitle, \
     "sensitivity_agent_label_track_de.dat" index 16 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 17 title "yiq-1d-plain vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 16 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 17 notitle, \
     "sensitivity_agent_label_track_de.dat" index 17 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 18 title "yiq-2d-gradient vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 17 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 18 notitle, \
     "sensitivity_agent_label_track_de.dat" index 18 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 19 title "yiq-2d-plain vs rgb-1d-plain", "sensitivity_agent_label_track_de.dat" index 18 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 19 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "sensitivity_agent_label_track_de.svg"
replot
unset output
