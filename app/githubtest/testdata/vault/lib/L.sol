library L {}
