// reduce_tree keeps the sum (up to rounding) and the maximum and minimum
// (exactly): the sum, maximum and minimum of N rows of 8 values, each row
// reduced by a 3-level butterfly (transform-op-reduce-tree compares each
// with its untouched copy on random inputs).
!X = !exo.tensor<[N, 8], f32, dram>
!Y = !exo.tensor<[N], f32, dram>

exo.proc @sum_ref(%N: index, %x: !X, %y: !Y) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  exo.for %n = 0 to %N seq {
    %t = exo.alloc : !exo.tensor<[2, 2, 2], f32, dram>
    exo.for %i = 0 to 2 seq {
      exo.for %j = 0 to 2 seq {
        exo.for %k = 0 to 2 seq {
          %a = arith.muli %i, %c4 : index
          %b = arith.muli %j, %c2 : index
          %ab = arith.addi %a, %b : index
          %c = arith.addi %ab, %k : index
          %v = exo.read %x[%n, %c] : !X
          exo.assign %t[%i, %j, %k] = %v : !exo.tensor<[2, 2, 2], f32, dram>
        }
      }
    }
    exo.for %b2 = 0 to 2 seq {
      exo.for %b1 = 0 to 2 seq {
        exo.for %b0 = 0 to 2 seq {
          %v = exo.read %t[%b2, %b1, %b0] : !exo.tensor<[2, 2, 2], f32, dram>
          exo.reduce %y[%n] += %v : !Y
        }
      }
    }
  }
}

exo.proc @sum_tree(%N: index, %x: !X, %y: !Y) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  exo.for %n = 0 to %N seq {
    %t = exo.alloc : !exo.tensor<[2, 2, 2], f32, dram>
    exo.for %i = 0 to 2 seq {
      exo.for %j = 0 to 2 seq {
        exo.for %k = 0 to 2 seq {
          %a = arith.muli %i, %c4 : index
          %b = arith.muli %j, %c2 : index
          %ab = arith.addi %a, %b : index
          %c = arith.addi %ab, %k : index
          %v = exo.read %x[%n, %c] : !X
          exo.assign %t[%i, %j, %k] = %v : !exo.tensor<[2, 2, 2], f32, dram>
        }
      }
    }
    exo.for %b2 = 0 to 2 seq {
      exo.for %b1 = 0 to 2 seq {
        exo.for %b0 = 0 to 2 seq {
          %v = exo.read %t[%b2, %b1, %b0] : !exo.tensor<[2, 2, 2], f32, dram>
          exo.reduce %y[%n] += %v : !Y
        }
      }
    }
  }
}

exo.proc @max_ref(%N: index, %x: !X, %y: !Y) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  exo.for %n = 0 to %N seq {
    %t = exo.alloc : !exo.tensor<[2, 2, 2], f32, dram>
    exo.for %i = 0 to 2 seq {
      exo.for %j = 0 to 2 seq {
        exo.for %k = 0 to 2 seq {
          %a = arith.muli %i, %c4 : index
          %b = arith.muli %j, %c2 : index
          %ab = arith.addi %a, %b : index
          %c = arith.addi %ab, %k : index
          %v = exo.read %x[%n, %c] : !X
          exo.assign %t[%i, %j, %k] = %v : !exo.tensor<[2, 2, 2], f32, dram>
        }
      }
    }
    exo.for %b2 = 0 to 2 seq {
      exo.for %b1 = 0 to 2 seq {
        exo.for %b0 = 0 to 2 seq {
          %v = exo.read %t[%b2, %b1, %b0] : !exo.tensor<[2, 2, 2], f32, dram>
          %o = exo.read %y[%n] : !Y
          %m = arith.maximumf %o, %v : f32
          exo.assign %y[%n] = %m : !Y
        }
      }
    }
  }
}

exo.proc @max_tree(%N: index, %x: !X, %y: !Y) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  exo.for %n = 0 to %N seq {
    %t = exo.alloc : !exo.tensor<[2, 2, 2], f32, dram>
    exo.for %i = 0 to 2 seq {
      exo.for %j = 0 to 2 seq {
        exo.for %k = 0 to 2 seq {
          %a = arith.muli %i, %c4 : index
          %b = arith.muli %j, %c2 : index
          %ab = arith.addi %a, %b : index
          %c = arith.addi %ab, %k : index
          %v = exo.read %x[%n, %c] : !X
          exo.assign %t[%i, %j, %k] = %v : !exo.tensor<[2, 2, 2], f32, dram>
        }
      }
    }
    exo.for %b2 = 0 to 2 seq {
      exo.for %b1 = 0 to 2 seq {
        exo.for %b0 = 0 to 2 seq {
          %v = exo.read %t[%b2, %b1, %b0] : !exo.tensor<[2, 2, 2], f32, dram>
          %o = exo.read %y[%n] : !Y
          %m = arith.maximumf %o, %v : f32
          exo.assign %y[%n] = %m : !Y
        }
      }
    }
  }
}

exo.proc @min_ref(%N: index, %x: !X, %y: !Y) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  exo.for %n = 0 to %N seq {
    %t = exo.alloc : !exo.tensor<[2, 2, 2], f32, dram>
    exo.for %i = 0 to 2 seq {
      exo.for %j = 0 to 2 seq {
        exo.for %k = 0 to 2 seq {
          %a = arith.muli %i, %c4 : index
          %b = arith.muli %j, %c2 : index
          %ab = arith.addi %a, %b : index
          %c = arith.addi %ab, %k : index
          %v = exo.read %x[%n, %c] : !X
          exo.assign %t[%i, %j, %k] = %v : !exo.tensor<[2, 2, 2], f32, dram>
        }
      }
    }
    exo.for %b2 = 0 to 2 seq {
      exo.for %b1 = 0 to 2 seq {
        exo.for %b0 = 0 to 2 seq {
          %v = exo.read %t[%b2, %b1, %b0] : !exo.tensor<[2, 2, 2], f32, dram>
          %o = exo.read %y[%n] : !Y
          %m = arith.minimumf %v, %o : f32
          exo.assign %y[%n] = %m : !Y
        }
      }
    }
  }
}

exo.proc @min_tree(%N: index, %x: !X, %y: !Y) {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  exo.for %n = 0 to %N seq {
    %t = exo.alloc : !exo.tensor<[2, 2, 2], f32, dram>
    exo.for %i = 0 to 2 seq {
      exo.for %j = 0 to 2 seq {
        exo.for %k = 0 to 2 seq {
          %a = arith.muli %i, %c4 : index
          %b = arith.muli %j, %c2 : index
          %ab = arith.addi %a, %b : index
          %c = arith.addi %ab, %k : index
          %v = exo.read %x[%n, %c] : !X
          exo.assign %t[%i, %j, %k] = %v : !exo.tensor<[2, 2, 2], f32, dram>
        }
      }
    }
    exo.for %b2 = 0 to 2 seq {
      exo.for %b1 = 0 to 2 seq {
        exo.for %b0 = 0 to 2 seq {
          %v = exo.read %t[%b2, %b1, %b0] : !exo.tensor<[2, 2, 2], f32, dram>
          %o = exo.read %y[%n] : !Y
          %m = arith.minimumf %v, %o : f32
          exo.assign %y[%n] = %m : !Y
        }
      }
    }
  }
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %p = transform.exo.match_proc @sum_tree in %root : (!transform.any_op) -> !transform.any_op
    %b2 = transform.exo.match_loop "b2" in %p : (!transform.any_op) -> !transform.any_op
    %levels, %final = transform.exo.reduce_tree %b2 as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %pmax = transform.exo.match_proc @max_tree in %root : (!transform.any_op) -> !transform.any_op
    %m2 = transform.exo.match_loop "b2" in %pmax : (!transform.any_op) -> !transform.any_op
    %mlevels, %mfinal = transform.exo.reduce_tree %m2 as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %pmin = transform.exo.match_proc @min_tree in %root : (!transform.any_op) -> !transform.any_op
    %n2 = transform.exo.match_loop "b2" in %pmin : (!transform.any_op) -> !transform.any_op
    %nlevels, %nfinal = transform.exo.reduce_tree %n2 as "tmp" : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
