import SimSub

print("simsub \(simsubVersion)")
