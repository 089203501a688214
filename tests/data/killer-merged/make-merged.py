import json, random, sys, glob
# merge cages of Barium-format Killer JSON; mode 'possible' keeps distinct values (<=9), 'impossible' makes a cage of 10..18 cells
def load(p):
    d=json.load(open(p)); return d
def solution(p):
    rows=[list(map(int,l.split())) for l in open(p.replace('.json','.sol')) if l.strip()]
    return rows
def neighbours(cell):
    x,y=cell
    for dx,dy in ((1,0),(-1,0),(0,1),(0,-1)):
        if 0<=x+dx<9 and 0<=y+dy<9: yield (x+dx,y+dy)
def merge(d, sol, rng, target_size, distinct_ok):
    cages=[[c[0],[tuple(p) for p in c[1]]] for c in d['cages']]
    owner={}
    for i,c in enumerate(cages):
        for p in c[1]: owner[p]=i
    i=rng.randrange(len(cages))
    tries=0
    while len(cages[i][1])<target_size and tries<2000:
        tries+=1
        cells=cages[i][1]
        nb=[owner[q] for p in cells for q in neighbours(p) if owner[q]!=i]
        if not nb: break
        j=rng.choice(nb)
        vals=[sol[y][x] for (x,y) in cells]+[sol[y][x] for (x,y) in cages[j][1]]
        if distinct_ok and len(set(vals))<len(vals): continue
        if len(cells)+len(cages[j][1])>target_size and distinct_ok: continue
        cages[i][0]+=cages[j][0]; cages[i][1]+=cages[j][1]
        for p in cages[j][1]: owner[p]=i
        cages[j]=None
        cages=[c for c in cages if c is not None]
        owner={}
        for k,c in enumerate(cages):
            for p in c[1]: owner[p]=k
        i=[k for k,c in enumerate(cages) if set(cells)<=set(c[1])][0]
    return {'board':d['board'],'cages':[[c[0],[list(p) for p in c[1]]] for c in cages]}, len(cages[i][1])
rng=random.Random(int(sys.argv[1]))
files=sorted(glob.glob('/work/main/tests/data/corpus/killer/killer_k*.json'))
n=0
for f in files:
    d=load(f); sol=solution(f)
    for mode in ('possible','impossible'):
        size=9 if mode=='possible' else rng.randint(10,18)
        out,got=merge(d,sol,rng,size,mode=='possible')
        name='%s_%s_%d.json'%(f.split('/')[-1][:-5],mode,got)
        json.dump(out,open(name,'w'))
        n+=1
print(n)
