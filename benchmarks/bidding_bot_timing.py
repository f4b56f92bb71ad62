import random, time, sys, collections, trumpfamily as tf
name = sys.argv[1]; players=int(sys.argv[2]); kind=sys.argv[3]; games=int(sys.argv[4])
v = tf.BIDDING_VARIANTS[name] if name in tf.BIDDING_VARIANTS else tf.find_variant(name)
bot = tf.SampleSolvePlayer(seed=1) if kind=='ss' else tf.ISMCTSPlayer(seed=1)
times = collections.defaultdict(list)
for g in range(games):
    h = tf.new_hand(v, players=players, seed=g)
    while not h.is_over:
        view = h.view(h.to_act)
        t=time.perf_counter(); a = bot.choose(view); dt=time.perf_counter()-t
        if len(view.legal_actions)>1: times[view.phase.value].append(dt)
        h = h.apply(a)
for ph, ts in times.items():
    ts.sort(); n=len(ts)
    print(ph, n, 'median %.3f p90 %.3f max %.3f' % (ts[n//2], ts[int(n*0.9)], ts[-1]))
print('fallbacks', bot.fallbacks)
