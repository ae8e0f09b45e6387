#!/usr/bin/env bash
# Draws the demo courses' covers, the demo author's picture and the preview video in apps/api/demo with
# ffmpeg (Debian: apt-get install ffmpeg fonts-dejavu-core). The results are committed; rerun this only
# to change them.
set -euo pipefail
out="$(cd "$(dirname "$0")/../apps/api/demo" && pwd)"
bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
sans=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
italic=/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf
bold_italic=/usr/share/fonts/truetype/dejavu/DejaVuSerif-BoldItalic.ttf
draw() { ffmpeg -y -v error -f lavfi -i "color=c=black:s=$1,format=rgb24" -frames:v 1 -vf "$2" "$3"; }

# Creative Photography Basics: a sunset over two ridges.
sky_r='if(lt(Y,H*0.45),30+(124-30)*Y/(H*0.45),124+(249-124)*(Y-H*0.45)/(H*0.55))'
sky_g='if(lt(Y,H*0.45),27+(58-27)*Y/(H*0.45),58+(146-58)*(Y-H*0.45)/(H*0.55))'
sky_b='if(lt(Y,H*0.45),75+(237-75)*Y/(H*0.45),237+(60-237)*(Y-H*0.45)/(H*0.55))'
sun='hypot(X-W*0.68,Y-H*0.52)'
far='gt(Y,H*0.60+55*sin(X/95)+28*sin(X/41+2))'
near='gt(Y,H*0.74+38*sin(X/70+1)+18*sin(X/29))'
glow() { echo "if($near,$1,if($far,$2,if(lt($sun,105),$3,if(lt($sun,170),$4+($3-$4)*(170-$sun)/65*0.6,$4))))"; }
draw 1280x720 "geq=r='$(glow 28 67 255 "$sky_r")':g='$(glow 20 40 226 "$sky_g")':b='$(glow 60 110 170 "$sky_b")'" \
  "$out/cover-1.png"

# Study Skills Starter: a week's plan in a notebook beside books and a mug.
lines=''
for y in $(seq 230 38 560); do lines="$lines,drawbox=x=330:y=$y:w=470:h=3:color=0xbfdbfe:t=fill"; done
note() { echo "drawtext=fontfile=$italic:text='$1':fontcolor=0x1e40af:fontsize=27:x=345:y=$2"; }
draw 1280x720 "geq=r='13+3*Y/H':g='148+37*Y/H':b='136-7*Y/H',
drawbox=x=262:y=152:w=590:h=470:color=0x0f766e@0.55:t=fill,
drawbox=x=250:y=140:w=590:h=470:color=0xfffdf7:t=fill,
drawbox=x=250:y=140:w=60:h=470:color=0xf1f5f9:t=fill,
drawbox=x=318:y=140:w=4:h=470:color=0xfca5a5:t=fill$lines,
drawtext=fontfile=$bold_italic:text='My week':fontcolor=0x1e3a8a:fontsize=40:x=345:y=178,
$(note 'Mon  -  plan the chapters' 237),$(note 'Tue  -  notes that stick' 275),
$(note 'Wed  -  practice quiz' 313),$(note 'Thu  -  review and rest' 351),
drawbox=x=900:y=470:w=200:h=46:color=0xf59e0b:t=fill,
drawbox=x=915:y=424:w=175:h=46:color=0x6366f1:t=fill,
drawbox=x=890:y=378:w=215:h=46:color=0xef4444:t=fill,
drawbox=x=895:y=516:w=210:h=12:color=0x0f766e@0.5:t=fill,
drawbox=x=950:y=268:w=90:h=110:color=0xffffff@0.95:t=fill,
drawbox=x=1040:y=293:w=22:h=55:color=0xffffff@0.95:t=4,
drawbox=x=958:y=280:w=74:h=14:color=0x7c2d12:t=fill" "$out/cover-2.png"

# The demo author: a drawn portrait, not a person's photograph.
head='lt(hypot(X-200,Y-170),78)'
hair='lt(hypot(X-200,Y-150),92)*lt(Y,175)+lt(hypot(X-200,Y-185),90)*gt(abs(X-200),55)*lt(Y,260)'
body='lt(hypot((X-200)/150,(Y-420)/150),1)'
neck='lt(abs(X-200),30)*gt(Y,230)*lt(Y,290)'
person() { echo "if($body,$1,if($neck,$2,if($head,$3,if($hair,$4,$5))))"; }
ffmpeg -y -v error -f lavfi -i "color=c=black:s=400x400,format=rgb24" -frames:v 1 -q:v 3 \
  -vf "geq=r='$(person 79 224 236 58 '253-40*Y/H')':g='$(person 70 172 188 36 '230-50*Y/H')':b='$(person 229 140 156 26 '210-40*Y/H')'" \
  "$out/author.jpg"

# The preview lesson: the sunset with a slow zoom and the title fading in, 10 s, H.264 with faststart.
title() { echo "drawtext=fontfile=$2:text='$1':fontcolor=white:fontsize=$3:x=40:y=$4:alpha='min(1,max(0,(t-$5)/1))'"; }
ffmpeg -y -v error -loop 1 -i "$out/cover-1.png" -f lavfi -i anullsrc=r=44100:cl=mono -t 10 -filter_complex \
  "[0:v]scale=1280:720,zoompan=z='1+0.0008*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=250:s=640x360:fps=25,
$(title 'LESSON 1' "$sans" 18 60 0),$(title 'Welcome to Creative' "$bold" 38 90 0.5),
$(title 'Photography Basics' "$bold" 38 135 0.8),$(title 'Light  ·  Framing  ·  Story' "$sans" 20 195 2),
format=yuv420p[v]" -map '[v]' -map 1:a -c:v libx264 -profile:v baseline -preset slow -crf 30 \
  -c:a aac -b:a 32k -shortest -movflags +faststart "$out/intro.mp4"
echo "Demo media written to $out"
