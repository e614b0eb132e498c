import SimSub
