# README: a solution piped back in.
cdok solve examples/readme6.spec | cdok check examples/readme6.spec -
