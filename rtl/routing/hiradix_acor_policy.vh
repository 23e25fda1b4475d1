// ACOR's phase-A policy (PHASE_A_*) of `level` (0-based; above the top = the top) in the sequence
// `seq` (ACOR_SEQ_*, seed-000 Table 5-2): 2L-A -g- lgl, 2L-B -gl lgl, 3L -g- -gl lgl. Included by the
// routings that draw by ACOR level (hiradix_route_acor.v, hiradix_route_ugal.v for PB-ACOR).
function [1:0] acor_policy(input [1:0] seq, input [1:0] level);
  begin
    case (seq)
      ACOR_SEQ_2LA[1:0]: acor_policy = level == 2'd0 ? PHASE_A_G[1:0] : PHASE_A_LGL[1:0];
      ACOR_SEQ_2LB[1:0]: acor_policy = level == 2'd0 ? PHASE_A_GL[1:0] : PHASE_A_LGL[1:0];
      default:           acor_policy = level == 2'd0 ? PHASE_A_G[1:0] : level == 2'd1 ? PHASE_A_GL[1:0] : PHASE_A_LGL[1:0];
    endcase
  end
endfunction
