# A grid that cannot be read: status 3, with its position.
printf '1 2 3\n' | cdok check examples/readme6.spec -
